from django.urls import path

from roster import views, views_review

app_name = "roster"

urlpatterns = [
    path("<slug:slug>/roster/", views.roster, name="roster"),
    path("<slug:slug>/roster/new/", views.wrestler_create, name="create"),
    path("<slug:slug>/roster/preview/", views.sheet_preview, name="preview"),
    path("<slug:slug>/roster/row/<str:field>/", views.sheet_row, name="row"),
    path("<slug:slug>/wrestlers/<int:pk>/", views.wrestler_detail, name="wrestler"),
    path("<slug:slug>/wrestlers/<int:pk>/edit/", views.wrestler_edit, name="edit"),
    path("<slug:slug>/wrestlers/<int:pk>/sheet.json", views.wrestler_export, name="export"),
    path("<slug:slug>/wrestlers/<int:pk>/review/", views_review.review, name="review"),
    path("<slug:slug>/wrestlers/<int:pk>/status/", views.wrestler_status, name="status"),
]
