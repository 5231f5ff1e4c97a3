from django.urls import path

from promotion import views, views_referees_titles

app_name = "promotion"

urlpatterns = [
    path("", views.promotion_list, name="list"),
    path("new/", views.promotion_create, name="create"),
    path("invitations/<int:pk>/", views.invitation_respond, name="invitation-respond"),
    path("<slug:slug>/", views.promotion_detail, name="detail"),
    path("<slug:slug>/settings/", views.promotion_settings, name="settings"),
    path("<slug:slug>/members/", views.members, name="members"),
    path("<slug:slug>/members/<int:pk>/role/", views.member_role, name="member-role"),
    path("<slug:slug>/members/<int:pk>/approve/", views.member_approve, name="member-approve"),
    path("<slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member-remove"),
    path("<slug:slug>/members/invite-link/", views.regenerate_invite, name="regenerate-invite"),
    path("<slug:slug>/referees/", views_referees_titles.referee_list, name="referees"),
    path("<slug:slug>/referees/new/", views_referees_titles.referee_create, name="referee-create"),
    path("<slug:slug>/referees/<int:pk>/edit/", views_referees_titles.referee_edit, name="referee-edit"),
    path("<slug:slug>/titles/", views_referees_titles.title_list, name="titles"),
    path("<slug:slug>/titles/new/", views_referees_titles.title_create, name="title-create"),
    path("<slug:slug>/titles/<int:pk>/", views_referees_titles.title_detail, name="title"),
    path("<slug:slug>/titles/<int:pk>/edit/", views_referees_titles.title_edit, name="title-edit"),
    path("<slug:slug>/titles/<int:pk>/vacate/", views_referees_titles.title_vacate, name="title-vacate"),
    path("<slug:slug>/titles/<int:pk>/award/", views_referees_titles.title_award, name="title-award"),
    path("<slug:slug>/titles/<int:pk>/retire/", views_referees_titles.title_retire, name="title-retire"),
    path("<slug:slug>/join/", views.join_request, name="join-request"),
    path("<slug:slug>/join/<str:token>/", views.join_by_link, name="join-link"),
]
