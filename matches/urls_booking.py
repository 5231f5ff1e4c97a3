from django.urls import path

from matches import views_booking

urlpatterns = [
    path("<slug:slug>/cards/<int:pk>/", views_booking.card_detail, name="card"),
]
